// Placeholder: filled in by the admin issue.
export default function AdminCountriesRoute() {
  return <main><h1>Admin countries</h1></main>;
}
