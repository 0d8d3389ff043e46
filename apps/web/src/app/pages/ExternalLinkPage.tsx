import { useLocation } from 'react-router';
import { decodeBase64 } from '../../shared/shell/menu-routes.ts';

/** /externalLink?href={Base64 URL}: a type 7 menu with linkTarget _self, inside the app. */
export default function ExternalLinkPage() {
  const { search } = useLocation();
  const href = decodeBase64(new URLSearchParams(search).get('href') ?? '');
  const safe = /^(https?:)?\/\//i.test(href) ? href : '';
  return <iframe className="shell-external" src={safe || 'about:blank'} title={href} />;
}
