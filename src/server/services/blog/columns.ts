import { getTableColumns } from 'drizzle-orm';
import { blogPosts } from '../../db/schema';

/** Every column but the body, for lists. */
const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);
export { summaryColumns };
