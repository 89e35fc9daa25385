import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../app/routes';
import { usePageTitle } from '../lib/use-page-title';
import {
  fetchOwnAccount,
  fetchOwnFiles,
  type OwnAccount,
  type OwnFileRow,
} from '../lib/user-files-api';
import { useUserId } from '../state/session';
import { OwnFilesGrid } from './own-files-grid';
import '../styles/dashboard-page.css';

type Loaded<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };

export function DashboardPage() {
  usePageTitle('Dashboard');
  const userId = useUserId();
  const [account, setAccount] = useState<Loaded<OwnAccount>>({ state: 'loading' });
  const [files, setFiles] = useState<Loaded<OwnFileRow[]>>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    if (userId !== null) {
      fetchOwnAccount(userId).then(
        (value) => current && setAccount({ state: 'ready', value }),
        () => current && setAccount({ state: 'error' }),
      );
    } else {
      setAccount({ state: 'error' });
    }
    fetchOwnFiles().then(
      (value) => current && setFiles({ state: 'ready', value }),
      () => current && setFiles({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  return (
    <div className="page dashboard-page">
      <h1>Dashboard</h1>

      <section className="dashboard-card" aria-labelledby="personal-information">
        <h2 id="personal-information">Personal information</h2>
        {account.state === 'loading' && <p className="dashboard-muted">Loading…</p>}
        {account.state === 'error' && (
          <p className="dashboard-error">Error connecting to server.</p>
        )}
        {account.state === 'ready' && (
          <dl className="account-details">
            <dt>Username</dt>
            <dd data-testid="account-username">{account.value.username}</dd>
            <dt>First name</dt>
            <dd>{account.value.first_name}</dd>
            <dt>Last name</dt>
            <dd>{account.value.last_name}</dd>
            <dt>E-mail</dt>
            <dd>{account.value.email}</dd>
          </dl>
        )}
        <p className="dashboard-links">
          <Link href={paths.changeProfile}>Change your information</Link>
          <Link href={paths.changePassword}>Change your password</Link>
        </p>
      </section>

      <section className="dashboard-card" aria-labelledby="your-files">
        <div className="dashboard-card__heading">
          <h2 id="your-files">YOUR FILES</h2>
          <Link href={paths.upload} className="button button--secondary">
            Upload files
          </Link>
        </div>
        {files.state === 'loading' && <p className="dashboard-muted">Loading…</p>}
        {files.state === 'error' && <p className="dashboard-error">Error connecting to server.</p>}
        {files.state === 'ready' && (
          <OwnFilesGrid
            rows={files.value}
            updateRows={(update) =>
              setFiles((current) =>
                current.state === 'ready'
                  ? { state: 'ready', value: update(current.value) }
                  : current,
              )
            }
          />
        )}
      </section>
    </div>
  );
}
