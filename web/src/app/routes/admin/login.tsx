// Placeholder: filled in by the admin issue.
export default function AdminLoginRoute() {
  return <main><h1>Admin login</h1></main>;
}
