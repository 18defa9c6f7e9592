// Placeholder: filled in by the public-site issue.
export function HomeRoute() {
  return <main><h1>HomeRoute</h1></main>;
}
