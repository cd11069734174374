export default function StoreDetailPage() {
  return (
    <main className="page">
      <h1>StoreDetailPage</h1>
    </main>
  );
}
