export interface SavedWeblink {
    id: string;
    spaceId: string;
    url: string;
    titleOverwrite?: string;
    descriptionOverwrite?: string;
    tags?: string[];
    mdText?: string;
}
export interface CapacitiesStandIn {
    url: string;
    spaces: {
        id: string;
        title: string;
        icon: {
            type: 'emoji';
            emoji: string;
        };
    }[];
    weblinks: SavedWeblink[];
    /** Authorization headers received, in order. */
    authorizations: (string | undefined)[];
    issueToken(): string;
    addSpace(title: string, emoji?: string): string;
    /** The next `count` calls answer 429 with Retry-After `seconds`. */
    rateLimitNext(count: number, seconds: number): void;
    /** The next `count` calls get no answer (the caller times out). */
    holdNext(count: number): void;
    close(): Promise<void>;
}
export declare function startCapacitiesStandIn(): Promise<CapacitiesStandIn>;
