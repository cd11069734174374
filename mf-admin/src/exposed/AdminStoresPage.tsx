export default function AdminStoresPage() {
  return (
    <main className="page">
      <h1>AdminStoresPage</h1>
    </main>
  );
}
