export default function RegisterPage() {
  return (
    <main className="page">
      <h1>RegisterPage</h1>
    </main>
  );
}
