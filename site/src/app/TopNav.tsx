// The top navigation bar (spec section 2). Menus follow the disclosure pattern: a button with
// aria-expanded and aria-controls shows or hides a list of links. On a desktop pointer a menu
// opens on hover and closes 150 ms after the pointer leaves; a click or tap (and Enter or Space)
// toggles it. Escape closes it and returns focus to its button; so do an outside click, focus
// leaving it and a chosen link. Under 768 px a hamburger shows the whole menu, with the social
// links in it. Without JavaScript every list is shown (noscript.css), so every link is reachable.
import {
  useEffect,
  useReducer,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { InstallButton } from './InstallButton'
import { Link } from './Link'
import {
  INITIAL_NAV_STATE,
  MENU_CLOSE_DELAY_MS,
  SMALL_SCREEN_QUERY,
  isHomePath,
  navReducer,
  showsInstallButtons,
  type MenuId,
} from './nav-state'
import { siteConfig } from './site-config'
import { isHttpUrl, type SocialLinkItem } from './site-content'

interface NavLinkItem {
  label: string
  /** A site path (client navigation) or an external address (new tab). */
  to: string
  external?: boolean
}

/** The groups of 'Our platform'. */
export const EXTENSION_LINKS: readonly NavLinkItem[] = [
  { label: 'All extensions', to: '/extensions' },
  { label: 'PDF & Web Highlighter', to: '/extensions/pdf-web-highlighter' },
  { label: 'Reader Mode', to: '/extensions/reader-mode' },
  { label: 'YouTube Highlighter', to: '/extensions/youtube-highlighter' },
]
export const TOOL_LINKS: readonly NavLinkItem[] = [
  { label: 'All free tools', to: '/tools' },
  { label: 'Online highlighter', to: '/tools/highlight-website' },
  { label: 'Online reader', to: '/tools/open-website-in-reader-mode' },
  { label: 'YouTube highlighter', to: '/tools/highlight-youtube-video' },
  { label: 'YouTube AI summarizer', to: '/tools/youtube-ai-summary' },
  { label: 'Website AI summarizer', to: '/tools/website-ai-summary' },
  { label: 'Notes highlighter', to: '/tools/highlight-in-notes' },
]

/** The 'Resources' links; Blog and Release Notes only when the operator has a blog. */
export function resourceLinks(blogUrl: string | null, hasDocs: boolean): NavLinkItem[] {
  return [
    ...(blogUrl === null ? [] : [{ label: 'Blog', to: blogUrl, external: true }]),
    ...(hasDocs ? [{ label: 'Documentation', to: '/docs' }] : []),
    ...(blogUrl === null
      ? []
      : [{ label: 'Release Notes', to: `${blogUrl}/release-notes`, external: true }]),
    { label: 'FAQ', to: '/faq' },
    { label: 'Tutorials', to: '/tutorials' },
    { label: 'Discover', to: '/discover' },
    { label: 'Wall of Love', to: '/testimonials' },
    { label: 'User interviews', to: '/user-interviews' },
  ]
}

/** The networks the top bar and its menu link to. */
const BAR_NETWORKS = ['linkedin', 'twitter', 'youtube']

function ItemLink({ item, onChosen }: { item: NavLinkItem; onChosen: () => void }) {
  if (item.external === true) {
    return (
      <a href={item.to} target="_blank" rel="noopener noreferrer" onClick={onChosen}>
        {item.label}
        <span className="site-visually-hidden"> (opens in a new tab)</span>
      </a>
    )
  }
  return (
    <Link to={item.to} onClick={onChosen}>
      {item.label}
    </Link>
  )
}

function LinkList({
  items,
  onChosen,
  labelledBy,
}: {
  items: readonly NavLinkItem[]
  onChosen: () => void
  labelledBy?: string
}) {
  return (
    <ul className="site-nav__list" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          <ItemLink item={item} onChosen={onChosen} />
        </li>
      ))}
    </ul>
  )
}

interface DropdownProps {
  id: MenuId
  label: string
  open: boolean
  onOpen: () => void
  onToggle: () => void
  onClose: (returnFocus: boolean) => void
  children: ReactNode
}

function Dropdown({ id, label, open, onOpen, onToggle, onClose, children }: DropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const closeTimer = useRef<number | undefined>(undefined)
  const openedByHover = useRef(false)
  const panelId = `site-menu-${id}`
  const cancelClose = () => window.clearTimeout(closeTimer.current)
  const hoverCapable = () =>
    window.matchMedia?.('(hover: hover)').matches === true &&
    window.matchMedia?.(SMALL_SCREEN_QUERY).matches !== true
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])
  return (
    <li
      className="site-nav__dropdown"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && hoverCapable()) {
          cancelClose()
          if (!open) {
            openedByHover.current = true
            onOpen()
          }
        }
      }}
      onPointerLeave={(event) => {
        // Not gated on `open`: a hover-through before the open render would leave it open; the
        // close asks for this menu only, so it does nothing when another one is open.
        if (event.pointerType === 'mouse' && hoverCapable()) {
          cancelClose()
          closeTimer.current = window.setTimeout(() => {
            openedByHover.current = false
            onClose(false)
          }, MENU_CLOSE_DELAY_MS)
        }
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          openedByHover.current = false
          onClose(false)
          buttonRef.current?.focus()
        }
      }}
      onBlur={(event: FocusEvent<HTMLLIElement>) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) {
          onClose(false)
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          cancelClose()
          if (openedByHover.current) {
            // The click that follows a hover keeps the menu open (the hover's render may not
            // have happened yet, so this asks for open rather than a toggle).
            openedByHover.current = false
            onOpen()
            return
          }
          onToggle()
        }}
      >
        {label}
      </button>
      <div id={panelId} className="site-nav__panel" data-open={open}>
        {children}
      </div>
    </li>
  )
}

export interface TopNavProps {
  path: string
  socialLinks: readonly SocialLinkItem[]
  /** Whether the site has a /docs page (the Documentation link leads nowhere otherwise). */
  hasDocs: boolean
}

export function TopNav({ path, socialLinks, hasDocs }: TopNavProps) {
  const [state, dispatch] = useReducer(navReducer, INITIAL_NAV_STATE)
  const navRef = useRef<HTMLElement>(null)
  const hamburgerRef = useRef<HTMLButtonElement>(null)

  useEffect(() => dispatch({ type: 'navigated' }), [path])
  useEffect(() => {
    if (state.openMenu === null && !state.mobileOpen) {
      return undefined
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) {
        dispatch({ type: 'close' })
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [state.openMenu, state.mobileOpen])

  const chosen = () => dispatch({ type: 'linkChosen' })
  const menuProps = (id: MenuId) => ({
    id,
    open: state.openMenu === id,
    onOpen: () => dispatch({ type: 'open', menu: id }),
    onToggle: () => dispatch({ type: 'toggle', menu: id }),
    // Only this menu: the leave timer of a menu the pointer moved away from must not close the
    // menu it moved to.
    onClose: () => dispatch({ type: 'close', menu: id }),
  })
  const barSocial = socialLinks.filter(
    (link) => BAR_NETWORKS.includes(link.network) && isHttpUrl(link.url),
  )
  const home = isHomePath(path)
  return (
    <header className={home ? 'site-nav site-nav--home' : 'site-nav site-nav--bordered'}>
      <nav
        ref={navRef}
        className="site-nav__bar"
        aria-label="Main"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && state.mobileOpen) {
            dispatch({ type: 'toggleMobile' })
            hamburgerRef.current?.focus()
          }
        }}
      >
        <Link to="/" className="site-nav__brand" onClick={chosen}>
          Inkmark
        </Link>
        <button
          ref={hamburgerRef}
          type="button"
          className="site-nav__hamburger ink-button ink-button--ghost ink-button--sm"
          aria-expanded={state.mobileOpen}
          aria-controls="site-nav-menu"
          onClick={() => dispatch({ type: 'toggleMobile' })}
        >
          Menu
        </button>
        <div id="site-nav-menu" className="site-nav__menu" data-open={state.mobileOpen}>
          <ul className="site-nav__items">
            <Dropdown label="Our platform" {...menuProps('platform')}>
              <p className="site-nav__group-title" id="site-nav-extensions">
                Extensions
              </p>
              <LinkList
                items={EXTENSION_LINKS}
                onChosen={chosen}
                labelledBy="site-nav-extensions"
              />
              <p className="site-nav__group-title" id="site-nav-tools">
                Free Tools
              </p>
              <LinkList items={TOOL_LINKS} onChosen={chosen} labelledBy="site-nav-tools" />
              <ul className="site-nav__list">
                <li>
                  <ItemLink
                    item={{ label: 'Web App', to: siteConfig.appUrl, external: true }}
                    onChosen={chosen}
                  />
                </li>
              </ul>
            </Dropdown>
            <Dropdown label="Resources" {...menuProps('resources')}>
              <LinkList items={resourceLinks(siteConfig.blogUrl, hasDocs)} onChosen={chosen} />
            </Dropdown>
            <li>
              <Link to="/about" className="site-nav__top-link" onClick={chosen}>
                About
              </Link>
            </li>
            <li>
              <Link to="/#pricing" className="site-nav__top-link" onClick={chosen}>
                Pricing
              </Link>
            </li>
          </ul>
          {barSocial.length > 0 ? (
            <ul className="site-nav__social" aria-label="Inkmark on social media">
              {barSocial.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="site-visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="site-nav__actions">
          {showsInstallButtons(path) ? (
            <InstallButton isPrimary shouldHideLabelOnMobile />
          ) : (
            <a className="ink-button ink-button--primary ink-button--md" href={siteConfig.appUrl}>
              Open App
            </a>
          )}
        </div>
      </nav>
    </header>
  )
}
