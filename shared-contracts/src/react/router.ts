/**
 * The router API the apps use, and the only way browser code reaches the router. This entry
 * (`shared-contracts/react`) is one Module Federation singleton, so the router and its contexts exist
 * once on the page for the shell and every remote; react-router itself is bundled inside it, and
 * webpack keeps only what is re-exported here (a shared library would be bundled whole). An app that
 * needs another router export adds it here (the shell must be deployed with it before the remote).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
