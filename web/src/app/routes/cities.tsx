// Placeholder: filled in by the public-site issue.
export function CitiesRoute() {
  return <main><h1>CitiesRoute</h1></main>;
}
