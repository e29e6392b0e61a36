export { BlogListPage } from './list';
export { BlogPostPage } from './post';
