// Placeholder: filled in by the public-site issue.
export function AboutRoute() {
  return <main><h1>AboutRoute</h1></main>;
}
