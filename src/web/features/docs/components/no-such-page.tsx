/** An unknown category or subcategory: say so, and list the pages that do exist. */
import { Link } from 'react-router';
import type { NavGroup } from '../../../../shared/portal-data/links';
import { documentationHref } from '../../../../shared/portal-data/links';
import { PageHeader } from '../../../components/page-header';
import { DocsRoot } from './docs-root';

export function NoSuchPage({ groups, category, subcategory }: { groups: readonly NavGroup[]; category: string; subcategory: string | null }) {
  const asked = subcategory ? `${category} / ${subcategory}` : category;
  return (
    <DocsRoot>
      <title>No such documentation page</title>
      <PageHeader title="No such documentation page" description={`There is no documentation page “${asked}”. These are the pages there are:`} />
      <nav aria-label="Documentation pages" className="prose">
        {groups.map((group) => (
          <section key={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.pages.map((page) => (
                <li key={page.subcategory}>
                  <Link to={documentationHref({ category: group.category, subcategory: page.subcategory })}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </DocsRoot>
  );
}
