import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from '../../components/router';
import { BLOG_STATUSES, LIMITS, TIMERS_MS, type BlogStatus } from '#shared/constants';
import { MSG } from '#shared/messages';
import { slugify, type BlogPost } from '#shared/schemas/blog';
import { messageOf } from '../../api/client';
import { useToast } from '../../components/toast';
import { PostBody } from '../blog/post-body';
import { usePreview, useSavePost, uploadImage } from './api';
import { FeaturedImageField } from './featured-image-field';
import { emptyForm, formFromPost, postFormSchema, REQUIRED_FIELDS, toPayload, type PostFormValues } from './post-form-schema';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="card">
      <h2 className="text-lg font-semibold text-ink-100">{title}</h2>
      {description && <p className="mt-1 text-sm text-ink-400">{description}</p>}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

function Field({ label, error, children, hint, id, required }: { label: string; error?: string; children: ReactNode; hint?: string; id: string; required?: boolean }) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
        {required && (
          <span className="text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-ink-400">{hint}</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

type Action = 'draft' | 'publish' | 'update';

/** New and edit post: basic information, featured image, meta information, content with preview. */
export function PostForm({ post }: { post?: BlogPost }) {
  const editing = Boolean(post);
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost(post?.id);
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [done, setDone] = useState(false);
  const slugEdited = useRef(editing);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const { register, handleSubmit, setValue, watch, formState } = useForm<PostFormValues>({
    resolver: zodResolver(postFormSchema),
    defaultValues: post ? formFromPost(post) : emptyForm,
  });
  const errors = formState.errors;
  const content = watch('content');
  const [previewSource, setPreviewSource] = useState(content);
  useEffect(() => {
    if (!preview) return;
    const timer = window.setTimeout(() => setPreviewSource(content), 300);
    return () => window.clearTimeout(timer);
  }, [content, preview]);
  const previewHtml = usePreview(previewSource, preview);
  const featuredUrl = watch('featured_image');

  const titleField = register('title', {
    onChange: (e) => {
      // The slug follows the title until it is edited by hand; an existing post keeps its address.
      if (!slugEdited.current) setValue('slug', slugify(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', {
    onChange: () => {
      slugEdited.current = true;
    },
  });

  const submit = (action: Action) =>
    handleSubmit(
      async (values) => {
        setBusy(action);
        const status: BlogStatus = action === 'draft' ? 'draft' : action === 'publish' ? 'published' : values.status;
        try {
          let image = values.featured_image.trim() || null;
          if (file) {
            try {
              image = (await uploadImage(file)).url;
            } catch (err) {
              toast.error(messageOf(err, MSG.uploadFailed));
              return;
            }
          }
          await save.mutateAsync(toPayload(values, status, image));
          toast.success(editing ? MSG.postUpdated : MSG.postCreated);
          setDone(true);
          redirect.current = window.setTimeout(() => navigate('/admin/dashboard'), TIMERS_MS.adminRedirect);
        } catch (err) {
          toast.error(messageOf(err, editing ? MSG.updatePostFailed : MSG.createPostFailed));
        } finally {
          setBusy(null);
        }
      },
      (invalid: FieldErrors<PostFormValues>) => {
        if (REQUIRED_FIELDS.some((f) => invalid[f]?.message === MSG.fillRequired)) toast.error(MSG.fillRequired);
      },
    );

  const disabled = busy !== null || done;
  return (
    <form
      noValidate
      // No implicit submission: Enter in a one-line field neither publishes nor saves a half-written post.
      // Only the buttons below act (spec: Save Draft forces draft, Publish Post forces published).
      onSubmit={(e) => e.preventDefault()}
      className="space-y-6"
    >
      <Section title="Basic Information">
        <Field label="Title" id={id('title')} error={errors.title?.message} required>
          <input id={id('title')} className="input" autoComplete="off" aria-invalid={Boolean(errors.title)} {...titleField} />
        </Field>
        <Field label="Slug" id={id('slug')} error={errors.slug?.message} hint="Generated from the title; you can change it. It is the post's address: /blog/your-slug" required>
          <input id={id('slug')} className="input font-mono" autoComplete="off" spellCheck={false} aria-invalid={Boolean(errors.slug)} {...slugField} />
        </Field>
        <Field label="Excerpt" id={id('excerpt')} hint="A short summary shown on the blog cards and in link previews.">
          <textarea id={id('excerpt')} className="input" rows={3} {...register('excerpt')} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Read time (minutes)" id={id('read_time')} error={errors.read_time?.message}>
            <input
              id={id('read_time')}
              className="input"
              type="number"
              min={LIMITS.blogReadTimeMin}
              step={1}
              inputMode="numeric"
              aria-invalid={Boolean(errors.read_time)}
              {...register('read_time')}
            />
          </Field>
          <Field label="Status" id={id('status')}>
            <select id={id('status')} className="input" {...register('status')}>
              {BLOG_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0].toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Section>

      <Section title="Featured Image">
        <FeaturedImageField
          file={file}
          onFile={setFile}
          url={featuredUrl}
          urlField={register('featured_image')}
          urlError={errors.featured_image?.message}
          onRemove={() => {
            setFile(null);
            setValue('featured_image', '');
          }}
          onTooLarge={() => toast.error(MSG.uploadTooLarge)}
        />
      </Section>

      <Section title="Meta Information (SEO)" description="Used by search engines and link previews. Empty fields fall back to the title, excerpt and featured image.">
        <Field label="Meta title" id={id('meta_title')}>
          <input id={id('meta_title')} className="input" {...register('meta_title')} />
        </Field>
        <Field label="Meta description" id={id('meta_description')}>
          <textarea id={id('meta_description')} className="input" rows={2} {...register('meta_description')} />
        </Field>
        <Field label="Meta keywords" id={id('meta_keywords')} hint="Comma separated, for example: privacy, screen sharing">
          <input id={id('meta_keywords')} className="input" {...register('meta_keywords')} />
        </Field>
        <Field label="Meta image URL" id={id('meta_image')} error={errors.meta_image?.message}>
          <input id={id('meta_image')} className="input" type="url" inputMode="url" aria-invalid={Boolean(errors.meta_image)} {...register('meta_image')} />
        </Field>
      </Section>

      <section className="card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink-100">Content</h2>
          <button type="button" className="btn-ghost" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? 'Hide Preview' : 'Show Preview'}
          </button>
        </div>
        <div className="mt-5">
          <label className="label" htmlFor={id('content')}>
            HTML content
            <span className="text-red-400" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id={id('content')}
            className="input font-mono text-[13px] leading-relaxed"
            rows={LIMITS.blogContentRows}
            spellCheck={false}
            aria-invalid={Boolean(errors.content)}
            {...register('content')}
          />
          {errors.content && <p className="field-error">{errors.content.message}</p>}
        </div>
        {preview && (
          <div className="mt-6 rounded-xl border border-ink-700 bg-ink-950 p-6" aria-label="Preview">
            {!content.trim() ? (
              <p className="text-sm text-ink-400">Nothing to preview yet.</p>
            ) : previewHtml.data !== undefined ? (
              <PostBody html={previewHtml.data} />
            ) : previewHtml.error ? (
              <p className="text-sm text-red-300">{messageOf(previewHtml.error, 'The preview could not be made.')}</p>
            ) : (
              <p className="text-sm text-ink-400">Preparing preview...</p>
            )}
          </div>
        )}
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-ink-800 pt-6 sm:flex-row sm:justify-end">
        <Link to="/admin/dashboard" className="btn-ghost">
          Cancel
        </Link>
        <button type="button" className="btn-secondary" disabled={disabled} onClick={(e) => void submit('draft')(e)}>
          {busy === 'draft' ? 'Saving...' : 'Save Draft'}
        </button>
        <button type="button" className="btn-primary" disabled={disabled} onClick={(e) => void submit(editing ? 'update' : 'publish')(e)}>
          {editing ? (busy === 'update' ? 'Updating...' : 'Update Post') : busy === 'publish' ? 'Publishing...' : 'Publish Post'}
        </button>
      </div>
    </form>
  );
}
