// A 24x24 avatar (spec section 9): the operator's http(s) image, or the name's first letter.
// Decorative: the name is always written beside it.

/** A person's avatar at 24x24. */
export function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url !== null) {
    return (
      <img
        className="learn-avatar"
        src={url}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
      />
    )
  }
  return (
    <span className="learn-avatar learn-avatar--letter" aria-hidden="true">
      {Array.from(name)[0]?.toUpperCase() ?? '?'}
    </span>
  )
}
