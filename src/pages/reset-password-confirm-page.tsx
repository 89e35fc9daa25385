import { Link } from 'wouter';
import { paths } from '../app/routes';
import { usePageTitle, withProductName } from '../lib/use-page-title';
import { AccountCard } from './account-form';

/** After a reset request (SPEC.md section 2). */
export function ResetPasswordConfirmPage() {
  usePageTitle(withProductName('Reset password'));
  return (
    <AccountCard title="Check your e-mail">
      <p>If the e-mail you provided was registered, you will receive a password reset link.</p>
      <p className="account-form__links">
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </AccountCard>
  );
}
