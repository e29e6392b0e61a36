import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appSettings, blogPosts, plans } from '../schema';
import { SEED_PLANS } from './plans';
import { SEED_POSTS } from './posts';

const SEEDED_KEY = 'seeded_content_v1';

/**
 * Seeds the plans and the first blog posts. Plans are inserted by code on every start, and their display
 * texts kept current (prices stay: Razorpay plans are made from them); posts only on the very first start
 * (an admin may delete or edit them later).
 */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of SEED_PLANS) {
      const features = Object.fromEntries(p.features.map((f) => [f, true]));
      await tx
        .insert(plans)
        .values({
          code: p.code,
          name: p.name,
          amountPaise: p.amountPaise,
          interval: p.interval,
          description: p.description,
          features,
          popular: p.popular,
          sortOrder: p.sortOrder,
          deviceLimit: p.deviceLimit,
        })
        .onConflictDoUpdate({ target: plans.code, set: { features, description: p.description } });
    }
    const claimed = await tx.insert(appSettings).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return;
    for (const post of SEED_POSTS) {
      const created = sql`now() - make_interval(days => ${post.daysAgo})`;
      const exists = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, post.slug));
      if (exists.length) continue;
      await tx.insert(blogPosts).values({
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        readTime: post.readTime,
        status: 'published',
        metaKeywords: post.metaKeywords,
        createdAt: created,
        updatedAt: created,
      });
    }
  });
}
