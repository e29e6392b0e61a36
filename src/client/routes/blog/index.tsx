import { useParams } from 'react-router';
import { site } from '../../../shared/site';
import { Page } from '../../components/page';

export function BlogListPage() {
  return <Page title="Tech Insights" subtitle={`Insights, updates, and stories from the ${site.brand} team`} />;
}

export function BlogPostPage() {
  const { slug } = useParams();
  return <Page title={slug ?? ''} />;
}
