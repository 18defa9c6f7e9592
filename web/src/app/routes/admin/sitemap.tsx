// Placeholder: filled in by the admin issue.
export default function AdminSitemapRoute() {
  return <main><h1>Admin sitemap</h1></main>;
}
