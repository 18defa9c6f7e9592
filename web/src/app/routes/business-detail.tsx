// Placeholder: filled in by the public-site issue.
export function BusinessDetailRoute() {
  return <main><h1>BusinessDetailRoute</h1></main>;
}
