export default function CustomerDashboardPage() {
  return (
    <main className="page">
      <h1>CustomerDashboardPage</h1>
    </main>
  );
}
