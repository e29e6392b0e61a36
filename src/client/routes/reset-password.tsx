export function ResetPasswordPage() {
  return <main className="container-page py-24"><h1 className="text-2xl font-semibold">Reset your password</h1></main>;
}
