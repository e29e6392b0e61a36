import { useEffect } from 'react';
import { Link, useNavigate, useParams } from '../../components/router';
import { MSG } from '#shared/messages';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { AdminLayout } from '../../features/admin/admin-layout';
import { useAdminPost } from '../../features/admin/api';
import { PostForm } from '../../features/admin/post-form';
import { RequireAdmin } from '../../features/admin/require-admin';

function EditPost({ id }: { id: string }) {
  const { data: post, error, isPending } = useAdminPost(id);
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (error) {
      toast.error(MSG.loadPostFailed);
      navigate('/admin/dashboard', { replace: true });
    }
  }, [error, toast, navigate]);
  if (isPending || !post) return <Spinner label={MSG.blogPostLoading} />;
  return <PostForm key={post.id} post={post} />;
}

function PostFormScreen() {
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/dashboard" className="text-sm text-ink-400 hover:text-ink-100">
        <span aria-hidden="true">←</span> Back to Blog Management
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink-100 sm:text-3xl">{id ? 'Edit Post' : 'New Post'}</h1>
      <div className="mt-8">{id ? <EditPost id={id} /> : <PostForm />}</div>
    </div>
  );
}

/** /admin/new-post and /admin/edit-post/:id. */
export function AdminPostFormPage() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <PostFormScreen />
      </AdminLayout>
    </RequireAdmin>
  );
}
