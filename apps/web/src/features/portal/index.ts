/** What other features use of portals: the portal a user's home page shows (loaded lazily by home). */
export { default as PortalHome } from './components/PortalHome.tsx';
