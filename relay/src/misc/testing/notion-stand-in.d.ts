import { type IncomingMessage } from 'node:http';
/** The API version the stand-in answers (any other is refused, like Notion refuses unknown ones). */
export declare const STAND_IN_NOTION_VERSION = "2022-06-28";
export interface StandInBlock {
    id: string;
    type: string;
    parentId: string;
    archived: boolean;
    /** The block as it was sent. */
    sent: Record<string, unknown>;
}
export interface StandInPage {
    id: string;
    url: string;
    parent: {
        type: 'page_id';
        page_id: string;
    } | {
        type: 'database_id';
        database_id: string;
    } | {
        type: 'workspace';
        workspace: true;
    };
    properties: Record<string, unknown>;
    archived: boolean;
    icon: unknown;
    createdTime: string;
}
export interface StandInDatabase {
    id: string;
    title: string;
    url: string;
    properties: Record<string, {
        id: string;
        type: string;
        name: string;
    }>;
    archived: boolean;
}
/** One request the stand-in received (the Authorization header is kept, as tests check it). */
export interface ReceivedRequest {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: IncomingMessage['headers'];
    body: unknown;
}
export interface NotionStandIn {
    /** The base address to configure (`http://127.0.0.1:<port>`). */
    url: string;
    clientId: string;
    clientSecret: string;
    pages: Map<string, StandInPage>;
    databases: Map<string, StandInDatabase>;
    blocks: Map<string, StandInBlock>;
    requests: ReceivedRequest[];
    /** A token Notion would have issued, accepted from now on. */
    issueToken(): string;
    /** Stops accepting a token (the user removed the integration). */
    revokeToken(token: string): void;
    /** An OAuth code Notion would send to `redirectUri`. */
    issueCode(redirectUri: string): string;
    addPage(title: string, options?: {
        parentPageId?: string;
        archived?: boolean;
        icon?: string;
    }): StandInPage;
    addDatabase(title: string, properties: Record<string, string>): StandInDatabase;
    /** The live (not deleted) child blocks of a page or block, in order. */
    childrenOf(id: string): StandInBlock[];
    /** The plain text of a page's title property. */
    titleOf(pageId: string): string;
    /** The next `count` API calls answer 429 rate_limited with Retry-After `seconds`. */
    rateLimitNext(count: number, seconds: number): void;
    /** The next `count` API calls get no answer (the client times out); released on close. */
    holdNext(count: number): void;
    close(): Promise<void>;
}
/** Starts the stand-in on a free loopback port. */
export declare function startNotionStandIn(): Promise<NotionStandIn>;
