// The footer (spec section 2): the site's links, the legal links, the social links (new tab), the
// review carousel and the copyright line linking home.
import { Link } from './Link'
import { ReviewCarousel } from './ReviewCarousel'
import { siteConfig } from './site-config'
import { isHttpUrl, type ReviewItem, type SocialLinkItem } from './site-content'

/** The networks the footer links to, in this order. */
const FOOTER_NETWORKS = ['twitter', 'linkedin', 'instagram', 'facebook', 'github', 'linktree']

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="site-visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

export interface FooterProps {
  socialLinks: readonly SocialLinkItem[]
  reviews: readonly ReviewItem[]
}

export function Footer({ socialLinks, reviews }: FooterProps) {
  const blogUrl = siteConfig.blogUrl
  const social = FOOTER_NETWORKS.flatMap((network) =>
    socialLinks.filter((link) => link.network === network && isHttpUrl(link.url)),
  )
  return (
    <footer className="site-footer">
      <ReviewCarousel reviews={reviews} />
      <div className="site-footer__columns">
        <nav aria-label="Footer">
          <ul className="site-footer__list">
            <li>
              <a href={siteConfig.appUrl}>Web App</a>
            </li>
            {blogUrl === null ? null : (
              <li>
                <External href={blogUrl}>Blog</External>
              </li>
            )}
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/install">Install Add-On</Link>
            </li>
            <li>
              <Link to="/tools">Free Online Tools</Link>
            </li>
            {blogUrl === null ? null : (
              <li>
                <External href={`${blogUrl}/release-notes`}>Release Notes</External>
              </li>
            )}
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/discover">Discover</Link>
            </li>
            <li>
              <Link to="/user-interviews">User interviews</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <ul className="site-footer__list">
            <li>
              <Link to="/legal/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/legal/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/legal/imprint">Imprint</Link>
            </li>
          </ul>
        </nav>
        {social.length > 0 ? (
          <ul className="site-footer__list" aria-label="Inkmark on social media">
            {social.map((link) => (
              <li key={link.url}>
                <External href={link.url}>{link.label}</External>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="site-footer__copyright">
        <Link to="/">© 2025 Inkmark</Link>
      </p>
    </footer>
  )
}
