import { blogHead } from './blog';
import { staticPagesHead, type HeadProvider } from './pages';

/** Every head provider, in order. Areas with pages of their own (the blog) add theirs here. */
export const HEAD_PROVIDERS: HeadProvider[] = [blogHead, staticPagesHead];
