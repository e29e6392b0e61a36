import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormSchema } from '#shared/schemas/contact';

/** The contact form's rules (the shared zod schema), in a chunk of their own: see contact-form.tsx. */
export const contactResolver = zodResolver(contactFormSchema);
