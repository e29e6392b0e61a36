export function VerifyEmailPage() {
  return <main className="container-page py-24"><h1 className="text-2xl font-semibold">Email verification</h1></main>;
}
