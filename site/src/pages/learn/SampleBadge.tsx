// The visible mark on every sample entry: samples are fictional and must say so where shown.
/** "Sample" next to a sample entry's name. */
export function SampleBadge() {
  return <span className="learn-sample-badge">Sample</span>
}
