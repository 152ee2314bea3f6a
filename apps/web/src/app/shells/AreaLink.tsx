import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** One area in the navigation, marked while the address is in it. */
export function AreaLink({ path, label }: { path: string; label: string }) {
  const location = useLocation();
  return (
    <NavLink
      component={Link}
      to={path}
      label={label}
      active={location.pathname.startsWith(path)}
      variant="filled"
    />
  );
}
