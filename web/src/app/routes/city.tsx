// Placeholder: filled in by the public-site issue.
export function CityRoute() {
  return <main><h1>CityRoute</h1></main>;
}
