// Placeholder: filled in by the public-site issue.
export function CategoryRoute() {
  return <main><h1>CategoryRoute</h1></main>;
}
