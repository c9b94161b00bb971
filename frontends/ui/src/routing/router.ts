/**
 * The router every frontend uses, from the design system and nowhere else (lint forbids
 * importing react-router directly). The design system is the one shared module that carries
 * it, so the shell and every remote use one router instance, and the build keeps only the
 * parts named here instead of the whole library a shared react-router would bring.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
} from 'react-router-dom';
