export default function MyRatingsPage() {
  return (
    <main className="page">
      <h1>MyRatingsPage</h1>
    </main>
  );
}
