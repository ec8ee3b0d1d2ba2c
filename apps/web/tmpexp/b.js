export { BrowserRouter, Routes, Route, Navigate, useRoutes, Link, NavLink, useNavigate, useLocation, useSearchParams, Outlet, matchRoutes } from 'react-router';
