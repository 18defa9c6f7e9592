// Placeholder: filled in by the public-site issue.
export function NotFoundRoute() {
  return <main><h1>NotFoundRoute</h1></main>;
}
