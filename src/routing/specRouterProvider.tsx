// react-router, with every link and navigation react-admin makes passed through toSpecPath, so
// CreateButton, EditButton, row clicks, ReferenceField links and redirects land on the console's paths.
import { forwardRef, useCallback } from 'react';
import { reactRouterProvider, type RouterLinkProps, type RouterNavigateFunction, type RouterNavigateProps, type RouterProvider, type RouterTo } from 'react-admin';
import { toSpecPath } from './specPaths';

const specTo = (to: RouterTo): RouterTo =>
  typeof to === 'string' ? toSpecPath(to) : to.pathname ? { ...to, pathname: toSpecPath(to.pathname) } : to;

const { Link, Navigate, useNavigate } = reactRouterProvider;

const SpecLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function SpecLink({ to, ...props }, ref) {
  return <Link ref={ref} to={specTo(to)} {...props} />;
});

function SpecNavigate({ to, ...props }: RouterNavigateProps) {
  return <Navigate to={specTo(to)} {...props} />;
}

function useSpecNavigate(): RouterNavigateFunction {
  const navigate = useNavigate();
  return useCallback<RouterNavigateFunction>(
    (to, options) => (typeof to === 'number' ? navigate(to) : navigate(specTo(to), options)),
    [navigate],
  );
}

export const specRouterProvider: RouterProvider = { ...reactRouterProvider, Link: SpecLink, Navigate: SpecNavigate, useNavigate: useSpecNavigate };
