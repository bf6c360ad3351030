import { Link } from '@/components/link';

/** What a signed-in user without the role sees: a plain answer, not a blank page or a loop to /login. */
export function NoAccess({ area = 'the console' }: { area?: string }) {
  return (
    <section className="console-no-access page-container" aria-labelledby="console-no-access-title">
      <h1 id="console-no-access-title">You do not have access to {area}</h1>
      <p>
        This part of the site is for the company&rsquo;s staff and home owners. If you think you should have access, ask
        an administrator to invite you.
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
