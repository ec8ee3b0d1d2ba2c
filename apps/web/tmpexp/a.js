export { createBrowserRouter, RouterProvider, useMatches, useNavigation, redirect, Link, NavLink, useNavigate, useLocation, useSearchParams, Outlet } from 'react-router';
