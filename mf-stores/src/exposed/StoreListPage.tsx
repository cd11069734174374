export default function StoreListPage() {
  return (
    <main className="page">
      <h1>StoreListPage</h1>
    </main>
  );
}
