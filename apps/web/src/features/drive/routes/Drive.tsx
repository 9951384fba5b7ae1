export default function Drive() {
  return (
    <main className="page" id="main">
      <h1>Drive</h1>
    </main>
  );
}
