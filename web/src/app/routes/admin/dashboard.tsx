// Placeholder: filled in by the admin issue.
export default function AdminDashboardRoute() {
  return <main><h1>Admin dashboard</h1></main>;
}
