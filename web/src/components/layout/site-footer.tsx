import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">rehber</p>
          <p className="mt-2 text-sm">Find trusted local businesses, craftsmen and service providers in cities worldwide.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick Links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="hover:text-white hover:underline" to={paths.home}>Home</Link></li>
            <li><Link className="hover:text-white hover:underline" to={paths.cities}>Cities</Link></li>
            <li><Link className="hover:text-white hover:underline" to={paths.categories}>Categories</Link></li>
            <li><Link className="hover:text-white hover:underline" to={paths.search()}>Search</Link></li>
            <li><Link className="hover:text-white hover:underline" to={paths.about}>About Us</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li className="flex items-center gap-2"><Mail className="h-4 w-4" aria-hidden="true" /><a className="hover:text-white hover:underline" href="mailto:hello@rehber.example">hello@rehber.example</a></li>
            <li className="flex items-center gap-2"><Phone className="h-4 w-4" aria-hidden="true" /><a className="hover:text-white hover:underline" href="tel:+15555550100">+1 (555) 555-0100</a></li>
            <li className="flex items-center gap-2"><MapPin className="h-4 w-4" aria-hidden="true" />100 Main Street, Springfield</li>
          </ul>
        </div>
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">© {new Date().getFullYear()} rehber. All rights reserved.</p>
    </footer>
  );
}
