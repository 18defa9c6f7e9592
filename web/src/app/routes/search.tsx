// Placeholder: filled in by the public-site issue.
export function SearchRoute() {
  return <main><h1>SearchRoute</h1></main>;
}
