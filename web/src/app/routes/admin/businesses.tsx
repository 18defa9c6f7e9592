// Placeholder: filled in by the admin issue.
export default function AdminBusinessesRoute() {
  return <main><h1>Admin businesses</h1></main>;
}
