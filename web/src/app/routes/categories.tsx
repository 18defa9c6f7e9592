// Placeholder: filled in by the public-site issue.
export function CategoriesRoute() {
  return <main><h1>CategoriesRoute</h1></main>;
}
