export default function AdminAnalyticsPage() {
  return (
    <main className="page">
      <h1>AdminAnalyticsPage</h1>
    </main>
  );
}
