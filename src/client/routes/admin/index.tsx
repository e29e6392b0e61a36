import { useParams } from 'react-router';

export function AdminLoginPage() {
  return <main className="container-page py-24"><h1 className="text-2xl font-semibold">Admin sign-in</h1></main>;
}
export function AdminDashboardPage() {
  return <main className="container-page py-24"><h1 className="text-2xl font-semibold">Blog Management</h1></main>;
}
export function AdminPostFormPage() {
  const { id } = useParams();
  return <main className="container-page py-24"><h1 className="text-2xl font-semibold">{id ? 'Edit post' : 'New post'}</h1></main>;
}
