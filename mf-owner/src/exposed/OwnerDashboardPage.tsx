export default function OwnerDashboardPage() {
  return (
    <main className="page">
      <h1>OwnerDashboardPage</h1>
    </main>
  );
}
