// Placeholder: filled in by the public-site issue.
export function CountryRoute() {
  return <main><h1>CountryRoute</h1></main>;
}
