import { Link } from 'react-router-dom';
import { Icon } from './Icon';
import './back-link.css';

/** "← Back to projects", keeping the list's page, sort and search when it has them. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link className="adm-back-link" to={to}>
      <Icon name="back" size={16} />
      {children}
    </Link>
  );
}
