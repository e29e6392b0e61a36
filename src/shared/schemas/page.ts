import { z } from 'zod';
import { MAX_PAGE, pageFrom } from '../pagination';

/** A list's `?page=` query value: never refused, read by pageFrom (1..MAX_PAGE); the server clamps it to the page count. */
export const pageParam = z.preprocess(pageFrom, z.number().int().min(1).max(MAX_PAGE)).default(1);
