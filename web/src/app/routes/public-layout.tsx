import { Outlet } from 'react-router-dom';

// Placeholder: navigation and footer of SPEC §2 are filled in by the public-site issue.
export function PublicLayout() {
  return <Outlet />;
}
